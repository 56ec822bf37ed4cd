import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LiveSignals } from '@app/common';
import { CATALOG_LIVE_SUBJECT, type ListVideosRequest, type Page, type VideoDto } from '@app/contracts';
import { config } from '../config.js';
import { SerializedJson } from '../http/serialized-json.js';

/** Distinct anonymous list pages kept at once; the least recently used goes first. */
const MAX_PAGES = 1000;
/** And their JSON's bytes at most (100-video pages are the large ones). */
const MAX_BYTES = 32 * 1024 * 1024;

/** An anonymous list answer: the page (its next cursor makes the Link header) and its items' JSON, serialised once. */
export interface ListAnswer {
  page: Page<VideoDto>;
  json: SerializedJson;
}

interface CachedPage extends ListAnswer {
  expiresAt: number;
}

/**
 * Anonymous list answers (`GET /api/videos` without a session) kept in this replica's memory:
 * most readers are signed out and read the same few pages. Correct rather than merely fresh:
 * every change the catalog stores is announced on CATALOG_LIVE_SUBJECT, which every replica
 * hears and answers by dropping everything; a page fetched while a change was announced is not
 * kept (it may predate the change); a replica whose NATS connection came back drops everything
 * too (it may have missed an announcement). LIST_CACHE_SECONDS bounds any page's life anyway;
 * 0 turns the cache off. Signed-in members are never served from here: their lists may hold
 * what only they may see (their own hidden videos). A kept answer is kept serialised: its JSON,
 * ETag and compressed forms are made once, not per request (SerializedJson).
 */
@Injectable()
export class ListingCache implements OnModuleInit, OnModuleDestroy {
  private readonly ttlMs = config.LIST_CACHE_SECONDS * 1000;
  private readonly pages = new Map<string, CachedPage>();
  private keptBytes = 0;
  /** Misses being fetched, so a crowd asking for one page after a change costs one catalog call. */
  private readonly loading = new Map<string, Promise<ListAnswer>>();
  /** Bumped by every change announced: a fetch that started under an older one is not kept. */
  private generation = 0;
  private readonly stops: Array<() => void> = [];

  constructor(private readonly signals: LiveSignals) {}

  onModuleInit(): void {
    if (!this.ttlMs) return;
    this.stops.push(this.signals.subscribe(CATALOG_LIVE_SUBJECT, () => this.clear()));
    this.stops.push(this.signals.onReconnect(() => this.clear()));
  }

  onModuleDestroy(): void {
    for (const stop of this.stops) stop();
  }

  /** The kept answer to an anonymous request, if a fresh one is kept (nothing is loaded). */
  keptPage(request: ListVideosRequest): ListAnswer | undefined {
    return this.ttlMs ? this.fresh(JSON.stringify(request)) : undefined;
  }

  /** The answer to an anonymous request: kept, or loaded (once, however many ask at the same time). */
  async anonymousPage(request: ListVideosRequest, load: () => Promise<Page<VideoDto>>): Promise<ListAnswer> {
    if (!this.ttlMs) return answerOf(await load());
    const key = JSON.stringify(request);
    const kept = this.fresh(key);
    if (kept) return kept;
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const loading = load()
      .then(answerOf)
      .finally(() => {
        if (this.loading.get(key) === loading) this.loading.delete(key);
      });
    this.loading.set(key, loading);
    const answer = await loading;
    if (generation === this.generation) this.keep(key, answer);
    return answer;
  }

  private fresh(key: string): CachedPage | undefined {
    const kept = this.pages.get(key);
    if (!kept) return undefined;
    if (kept.expiresAt <= Date.now()) {
      this.forget(key, kept);
      return undefined;
    }
    // Most recently used last, so the oldest key is the first to go.
    this.pages.delete(key);
    this.pages.set(key, kept);
    return kept;
  }

  private keep(key: string, answer: ListAnswer): void {
    const previous = this.pages.get(key);
    if (previous) this.forget(key, previous);
    this.pages.set(key, { ...answer, expiresAt: Date.now() + this.ttlMs });
    this.keptBytes += answer.json.body.length;
    while (this.pages.size > MAX_PAGES || this.keptBytes > MAX_BYTES) {
      const [oldestKey, oldest] = this.pages.entries().next().value as [string, CachedPage];
      this.forget(oldestKey, oldest);
    }
  }

  private forget(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.keptBytes -= page.json.body.length;
  }

  private clear(): void {
    this.generation += 1;
    this.pages.clear();
    this.keptBytes = 0;
    // A fetch already under way may hold the old answer: later askers fetch anew.
    this.loading.clear();
  }
}

const answerOf = (page: Page<VideoDto>): ListAnswer => ({ page, json: new SerializedJson(page.items) });
