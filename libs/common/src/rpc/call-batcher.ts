/**
 * Gathers the calls made during one turn of the event loop into one request (a DataLoader without
 * the cache): under load, the requests a process reads from its sockets in one turn then cost one
 * message to the service and one statement there, instead of one each. A call made alone waits
 * for nothing but the end of the current turn. `send` answers the items' results in their order;
 * when it fails, every call of the batch fails with its error.
 */
export class CallBatcher<TItem, TResult> {
  private waiting: { item: TItem; resolve: (result: TResult) => void; reject: (error: unknown) => void }[] = [];

  constructor(
    private readonly send: (items: TItem[]) => Promise<TResult[]>,
    private readonly maxBatch = 100,
  ) {}

  call(item: TItem): Promise<TResult> {
    return new Promise<TResult>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => this.flush());
      else if (this.waiting.length >= this.maxBatch) this.flush();
    });
  }

  private flush(): void {
    const batch = this.waiting;
    if (!batch.length) return;
    this.waiting = [];
    this.send(batch.map((call) => call.item)).then(
      (results) => {
        batch.forEach((call, i) => {
          if (i < results.length) call.resolve(results[i]);
          else call.reject(new Error(`a batch of ${batch.length} calls was answered ${results.length} results`));
        });
      },
      (error: unknown) => {
        for (const call of batch) call.reject(error);
      },
    );
  }
}
