import { EntryLogger, type LogEntry } from './log-entry.js';

/**
 * One JSON object per line on stdout, so log shippers need no parsing rules. Lines written
 * while serving a request or a job carry its trace (request id, queue, job id).
 */
export class JsonLogger extends EntryLogger {
  protected render(entry: LogEntry): string {
    return JSON.stringify(entry);
  }
}
