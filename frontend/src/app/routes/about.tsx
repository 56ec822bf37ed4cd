import { Link } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { CATEGORIES_SECTION_ID } from '@/config/constants';
import { paths } from '@/config/paths';

export function AboutRoute() {
  return (
    <article className="prose-page">
      <DocumentTitle title="About" />
      <div className="container container--narrow">
        <p className="eyebrow">About us</p>
        <h1 className="page-title">Why SkillShare Feedback exists</h1>

        <h2>It started on a driving range</h2>
        <p>
          SkillShare Feedback began with a golf hobbyist who wanted to get better. Lessons with a coach helped, but they
          were expensive and came weeks apart. In between, there was a phone full of swing videos and nobody to ask
          whether anything was actually improving.
        </p>
        <p>
          Posting those clips to general-purpose forums brought a few replies, but they were scattered, often
          contradictory, and there was no way to tell which advice came from someone who knew what they were talking
          about. The useful tips were there; they were just hard to find.
        </p>

        <h2>The wisdom of the crowd</h2>
        <p>
          The idea behind this site is simple: one coach sees a few things, a community of practitioners sees many more.
          When lots of people who care about the same skill watch your video, the patterns they agree on are usually the
          ones worth working on.
        </p>
        <p>
          That only works if good advice can be told apart from noise. So every piece of feedback here can be rated and
          marked helpful by other members. The most useful comments rise to the top, and the people who consistently
          give them earn points and badges that show it.
        </p>

        <h2>Not just golf</h2>
        <p>
          Golf was the starting point, but the same problem exists for anyone learning a physical or creative skill,
          from tennis serves to dance routines to guitar technique. Pick a category, upload a short clip, and let the
          community help you see what you cannot see yourself. If your skill does not have a category yet, ask us to add
          one.
        </p>

        <div className="prose-page__actions">
          <Link to={paths.register} className="btn btn--primary">
            Join the community
          </Link>
          <Link to={{ pathname: paths.home, hash: CATEGORIES_SECTION_ID }} className="btn btn--secondary">
            Browse videos
          </Link>
        </div>
      </div>
    </article>
  );
}
