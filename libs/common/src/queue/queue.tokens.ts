/** The options of the process's JobQueues (QueueModule.forRoot). */
export const JOB_QUEUES_OPTIONS = Symbol('JOB_QUEUES_OPTIONS');
