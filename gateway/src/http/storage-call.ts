import { HttpException, ServiceUnavailableException } from '@nestjs/common';

/**
 * Runs an object-storage call: storage that does not answer is a dependency outage (503 with a
 * clear message), not a server bug; an HttpException raised by the call itself passes through.
 */
export async function storageCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpException) throw error;
    throw new ServiceUnavailableException({
      message: 'File storage is temporarily unavailable. Please try again shortly.',
    });
  }
}
