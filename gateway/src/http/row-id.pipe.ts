import { NotFoundException, type PipeTransform } from '@nestjs/common';
import { MAX_INT_ID } from '@app/contracts';

/** A row id in a path: anything but a positive 32-bit integer simply names nothing (404). */
export class RowIdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id > MAX_INT_ID) throw new NotFoundException({ message: this.notFoundMessage });
    return id;
  }
}
