import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LiveSignals } from '@app/common';
import { CATALOG_LIVE_SUBJECT, type ListVideosRequest, type Page, type VideoDto } from '@app/contracts';
import { config } from '../config.js';

/** Distinct anonymous list pages kept at once; the least recently used goes first. */
const MAX_PAGES = 1000;

interface CachedPage {
  page: Page<VideoDto>;
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
 * what only they may see (their own hidden videos).
 */
@Injectable()
export class ListingCache implements OnModuleInit, OnModuleDestroy {
  private readonly ttlMs = config.LIST_CACHE_SECONDS * 1000;
  private readonly pages = new Map<string, CachedPage>();
  /** Misses being fetched, so a crowd asking for one page after a change costs one catalog call. */
  private readonly loading = new Map<string, Promise<Page<VideoDto>>>();
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

  /** The page for an anonymous request: kept, or loaded (once, however many ask at the same time). */
  async anonymousPage(request: ListVideosRequest, load: () => Promise<Page<VideoDto>>): Promise<Page<VideoDto>> {
    if (!this.ttlMs) return load();
    const key = JSON.stringify(request);
    const kept = this.pages.get(key);
    if (kept && kept.expiresAt > Date.now()) {
      // Most recently used last, so the oldest key is the first to go.
      this.pages.delete(key);
      this.pages.set(key, kept);
      return kept.page;
    }
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const loading = load().finally(() => {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    });
    this.loading.set(key, loading);
    const page = await loading;
    if (generation === this.generation) this.keep(key, page);
    return page;
  }

  private keep(key: string, page: Page<VideoDto>): void {
    this.pages.delete(key);
    this.pages.set(key, { page, expiresAt: Date.now() + this.ttlMs });
    if (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value as string);
  }

  private clear(): void {
    this.generation += 1;
    this.pages.clear();
    // A fetch already under way may hold the old answer: later askers fetch anew.
    this.loading.clear();
  }
}
