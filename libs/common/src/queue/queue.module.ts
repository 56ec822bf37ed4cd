import { Global, Module, type DynamicModule } from '@nestjs/common';
import { JobQueues, type JobQueuesOptions } from './job-queues.js';
import { JOB_QUEUES_OPTIONS } from './queue.tokens.js';

/** The process's JobQueues, for every module (producers, registerWorker). */
@Global()
@Module({})
export class QueueModule {
  static forRoot(options: JobQueuesOptions): DynamicModule {
    return {
      module: QueueModule,
      providers: [{ provide: JOB_QUEUES_OPTIONS, useValue: options }, JobQueues],
      exports: [JobQueues],
    };
  }
}
