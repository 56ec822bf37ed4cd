import { Module } from '@nestjs/common';
import { ThrottleStore } from './throttle-store.js';
import { UploadSlots } from './upload-slots.js';
import { WriteLimitGuard } from './write-limit.guard.js';

/** Per-member write limits and upload slots, counted in Redis so every gateway replica shares them. */
@Module({
  providers: [ThrottleStore, UploadSlots, WriteLimitGuard],
  exports: [ThrottleStore, UploadSlots, WriteLimitGuard],
})
export class ThrottleModule {}
