import { Injectable, Logger } from '@nestjs/common';
import { CATALOG_LIVE_SUBJECT, type DeliveredDomainEvent, type PersonState } from '@app/contracts';
import { latestStates } from '@app/database';
import { LiveSignals, rpcFailureDetail } from '@app/common';
import { changesListsBeyondViews, personStatesOf, uploadersToLookUp, videoStatesOf } from './listing-states.js';
import { ListingProjectionRepository } from './listing-projection.repository.js';
import { PeopleOfRecord } from './people-of-record.js';

/**
 * Keeps the catalog's listing projection: each video's state from the video service's events and
 * each member's public face from auth's, so lists never read another service's tables.
 */
@Injectable()
export class ListingProjectionService {
  private readonly logger = new Logger(ListingProjectionService.name);

  constructor(
    private readonly listings: ListingProjectionRepository,
    private readonly peopleOfRecord: PeopleOfRecord,
    private readonly signals: LiveSignals,
  ) {}

  /**
   * Applies a batch. An uploader the projection has not heard of is asked of auth first, so a new
   * listing shows its uploader's name from the start. When auth does not answer, the listings are
   * stored all the same (unnamed for now) and the batch then fails, to be applied again: the
   * states already stored change nothing the second time, and the uploader is asked again.
   */
  async apply(events: readonly DeliveredDomainEvent[]): Promise<void> {
    const videos = videoStatesOf(events);
    const people = personStatesOf(events);
    // A rating's numbers straight from the feedback service's event: one hop sooner than through
    // the video service's state (which carries them too; the newer revision wins either way).
    const feedbackStats = latestStates(
      events.flatMap((event) => event.videoStats ?? []),
      (stats) => stats.videoId,
    );
    if (!videos.length && !people.length && !feedbackStats.length) return;
    const unknown = await this.listings.peopleMissing(uploadersToLookUp(videos, people));
    const peopleLookedUp: PersonState[] = [];
    const unanswered: Array<{ userId: string; error: unknown }> = [];
    await Promise.all(
      unknown.map(async (userId) => {
        try {
          const person = await this.peopleOfRecord.find(userId);
          if (person) peopleLookedUp.push(person);
        } catch (error) {
          unanswered.push({ userId, error });
        }
      }),
    );
    await this.listings.store({ videos, people, peopleLookedUp, feedbackStats });
    // Committed: every gateway drops the lists it cached (not for view counts alone).
    if (feedbackStats.length || changesListsBeyondViews(events)) this.signals.publish(CATALOG_LIVE_SUBJECT, {});
    if (unanswered.length) {
      const [{ userId, error }] = unanswered as [(typeof unanswered)[number]];
      this.logger.warn({
        msg: 'uploader not looked up',
        userId,
        unanswered: unanswered.length,
        error: rpcFailureDetail(error),
      });
      throw new Error(`auth did not say who ${unanswered.length} uploader(s) are; the batch is applied again`);
    }
  }
}
