import { Link } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { APP_NAME, CATEGORIES_SECTION_ID } from '@/config/constants';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { useCurrentUser } from '@/lib/auth';
import './about.css';

const STEPS = [
  {
    title: 'Share a short clip',
    text: 'Film a swing, a serve, a routine or a riff and upload it to the category where people practise the same skill.',
  },
  {
    title: 'Hear from many eyes',
    text: 'Members who know the craft leave written, specific pointers: what works, what to change, what to try next.',
  },
  {
    title: 'Let the best advice rise',
    text: 'Everyone rates the feedback and marks what helped. The most useful advice climbs to the top of every video.',
  },
] as const;

function AboutActions() {
  const { user, isLoading } = useCurrentUser();
  const authDialog = useAuthDialog();
  if (isLoading) return null;
  return (
    <div className="prose-page__actions">
      {user ? (
        <Link to={paths.profile(user.id)} className="btn btn--primary">
          Go to your profile
        </Link>
      ) : (
        <button type="button" className="btn btn--primary" onClick={() => authDialog.open('register')}>
          Join the community
        </button>
      )}
      <Link to={{ pathname: paths.home, hash: CATEGORIES_SECTION_ID }} className="btn btn--secondary">
        Explore categories
      </Link>
    </div>
  );
}

export function AboutRoute() {
  return (
    <article className="about">
      <DocumentTitle title="About" />
      <header className="about__hero">
        <div className="container container--narrow">
          <p className="eyebrow">About us</p>
          <h1 className="page-title">Why {APP_NAME} exists</h1>
          <p className="about__lead">
            A place where anyone learning a skill can get honest, useful feedback from people who practise it too, and
            where the best advice is easy to find.
          </p>
        </div>
      </header>

      <div className="container container--narrow prose-page">
        <h2>It started on a driving range</h2>
        <p>
          {APP_NAME} began with a golf hobbyist who wanted to get better. Lessons with a coach helped, but they were
          expensive and weeks apart. In between there was a phone full of swing videos and nobody to ask whether
          anything was actually improving.
        </p>
        <p>
          Posting those clips to general-purpose forums brought a few replies, but they were scattered, often
          contradictory, and there was no way to tell which advice came from someone who knew what they were talking
          about. The useful tips were there; they were just buried.
        </p>

        <blockquote className="about__quote">
          <p>
            &ldquo;One coach sees a few things. A hundred golfers who have fought the same slice see patterns no single
            person would.&rdquo;
          </p>
          <footer>The founder, after one too many afternoons on the range</footer>
        </blockquote>

        <h2>The wisdom of the crowd</h2>
        <p>
          The idea behind this site is simple: when many people who care about the same skill watch your video, the
          things they agree on are usually the ones worth working on. A crowd of practitioners, each noticing something
          different, adds up to a clearer picture than any one opinion.
        </p>
        <p>
          That only works if good advice can be told apart from noise. So every piece of feedback here can be rated and
          marked helpful by other members. The most useful comments rise to the top, and the people who consistently
          give them earn points and badges that show it.
        </p>

        <h2>How it works</h2>
        <ol className="about__steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="about__step">
              <span className="about__step-number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className="about__step-title">{step.title}</h3>
                <p className="about__step-text">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>

        <h2>Not just golf</h2>
        <p>
          Golf was the starting point, but the same problem exists for anyone learning a physical or creative skill,
          from tennis serves to dance routines to guitar technique. Pick a category, upload a short clip, and let the
          community help you see what you cannot see yourself. If your skill does not have a category yet, ask us to add
          one.
        </p>

        <AboutActions />
      </div>
    </article>
  );
}
