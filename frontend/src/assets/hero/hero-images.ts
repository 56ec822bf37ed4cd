import hero1 from './hero-1.webp';
import hero2 from './hero-2.webp';
import hero3 from './hero-3.webp';
import hero4 from './hero-4.webp';
import hero5 from './hero-5.webp';
import hero6 from './hero-6.webp';

/** The landing page hero's six images, in rotation order, each with the alt text a screen reader reads. */
export const HERO_IMAGES: readonly { src: string; alt: string }[] = [
  { src: hero1, alt: 'A golfer follows through on a drive at sunrise' },
  { src: hero2, alt: 'A guitarist sings and plays an acoustic guitar under warm spotlights on a small stage' },
  { src: hero3, alt: 'A skateboarder grabs his board high in the air above a skatepark ramp' },
  { src: hero4, alt: 'A painter adds brushstrokes to a landscape on an easel in a sunlit studio' },
  { src: hero5, alt: 'A ballet dancer soars in a split leap under a stage spotlight' },
  { src: hero6, alt: 'A coach and a basketball player review a video on a tablet courtside' },
];
