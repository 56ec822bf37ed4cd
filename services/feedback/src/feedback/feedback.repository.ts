import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CategoryEntity, FeedbackEntity, VideoEntity } from '@app/database';

/** A piece of feedback with the title and category of the video it was given on. */
export interface AuthorFeedbackRow {
  id: number;
  videoId: number;
  videoTitle: string;
  categoryName: string | null;
  categoryIcon: string | null;
  content: string;
  averageRating: number;
  totalRatings: number;
  helpfulVotes: number;
  createdAt: Date;
}

export interface AuthorFeedbackTotalsRow {
  averageRating: number;
  totalFeedback: number;
  totalRatings: number;
  helpfulVotes: number;
}

const AUTHOR_FEEDBACK_COLUMNS: ReadonlyArray<[expression: string, alias: keyof AuthorFeedbackRow]> = [
  ['feedback.id', 'id'],
  ['feedback.videoId', 'videoId'],
  ['video.title', 'videoTitle'],
  ['category.name', 'categoryName'],
  ['category.icon', 'categoryIcon'],
  ['feedback.content', 'content'],
  ['feedback.averageRating', 'averageRating'],
  ['feedback.totalRatings', 'totalRatings'],
  ['feedback.helpfulVotes', 'helpfulVotes'],
  ['feedback.createdAt', 'createdAt'],
];

/**
 * The only place the feedback service queries feedback. `videos` and `categories` are joined
 * read-only for titles and names; they belong to the video and catalog services.
 */
@Injectable()
export class FeedbackRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Newest first, one statement, served by IDX_feedback_author. */
  findByAuthorNewestFirst(authorId: string): Promise<AuthorFeedbackRow[]> {
    return this.dataSource
      .createQueryBuilder()
      .from(FeedbackEntity, 'feedback')
      .innerJoin(VideoEntity, 'video', 'video.id = feedback.videoId')
      .leftJoin(CategoryEntity, 'category', 'category.id = video.categoryId')
      .select(AUTHOR_FEEDBACK_COLUMNS.map(([expression, alias]) => `${expression} AS "${alias}"`))
      .where('feedback.authorId = :authorId', { authorId })
      .orderBy('feedback.createdAt', 'DESC')
      .addOrderBy('feedback.id', 'DESC')
      .getRawMany<AuthorFeedbackRow>();
  }

  /**
   * One statement; an aggregate without GROUP BY always yields a row, so an author with no
   * feedback gets zeros. Cast to int/float8: PostgreSQL answers count and sum as bigint, which
   * the driver would hand over as strings.
   */
  async totalsForAuthor(authorId: string): Promise<AuthorFeedbackTotalsRow> {
    const totals = await this.dataSource
      .createQueryBuilder()
      .from(FeedbackEntity, 'feedback')
      .select('COUNT(*)::int', 'totalFeedback')
      .addSelect('COALESCE(SUM(feedback.totalRatings), 0)::int', 'totalRatings')
      .addSelect('COALESCE(SUM(feedback.helpfulVotes), 0)::int', 'helpfulVotes')
      .addSelect(
        'COALESCE(AVG(feedback.averageRating) FILTER (WHERE feedback.totalRatings > 0), 0)::float8',
        'averageRating',
      )
      .where('feedback.authorId = :authorId', { authorId })
      .getRawOne<AuthorFeedbackTotalsRow>();
    return totals ?? { averageRating: 0, totalFeedback: 0, totalRatings: 0, helpfulVotes: 0 };
  }
}
