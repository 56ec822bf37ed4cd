import { Module } from '@nestjs/common';
import { OutboxRelay } from './outbox-relay.js';

/**
 * For a service that records outbox rows: its relay. Needs the DataSource (DatabaseModule) and
 * JobQueues (QueueModule) of the process.
 */
@Module({ providers: [OutboxRelay] })
export class OutboxModule {}
