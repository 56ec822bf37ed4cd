import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';

/**
 * Every error leaves as JSON `{ message }`. Known HTTP errors keep their status and message;
 * anything unexpected is logged with its stack and answered as a bare 500, so no stack trace,
 * SQL or internal name reaches a client.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    if (res.headersSent) return;

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      res.status(status).json({ message: messageOf(exception, status, req) });
      return;
    }
    const status = statusOfBodyParserError(exception);
    if (status) {
      res.status(status).json({ message: status === 413 ? 'Request body is too large' : 'Malformed request body' });
      return;
    }
    this.logger.error({ msg: 'unhandled error', path: req.path, error: exception instanceof Error ? exception.stack : String(exception) });
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ message: 'Internal server error' });
  }
}

function messageOf(exception: HttpException, status: number, req: Request): string {
  if (status === HttpStatus.NOT_FOUND && !(exception.getResponse() as { message?: unknown }).message?.toString().length) {
    return `Not found: ${req.method} ${req.path}`;
  }
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') {
    // Nest's own "Cannot GET /x" for unknown routes says what we want, in our words.
    return message.startsWith('Cannot ') ? `Not found: ${req.method} ${req.path}` : message;
  }
  return exception.message;
}

/** body-parser errors carry an HTTP status of their own (400 malformed JSON, 413 too large). */
function statusOfBodyParserError(exception: unknown): number | undefined {
  const status = (exception as { status?: unknown; type?: unknown }).status;
  const type = (exception as { type?: unknown }).type;
  return typeof status === 'number' && typeof type === 'string' && status >= 400 && status < 500 ? status : undefined;
}
