// What `npm run up` seeds on an empty site (demo-seed.mjs): four members, eight generated clips,
// two YouTube links and the feedback the members give each other. Plain data, no logic.

export const DEMO_EMAIL_DOMAIN = 'demo.skillshare.local';
export const DEMO_PASSWORD = 'demo-password';

/** `colors`: the avatar's gradient. */
export const DEMO_MEMBERS = [
  {
    key: 'maya',
    firstName: 'Maya',
    lastName: 'Lindqvist',
    description:
      'Weekend golfer chasing a single-digit handicap, and a new convert to tennis. I film my range sessions to finally fix a slice that refuses to die.',
    colors: ['0x1f7a4d', '0x9bd770'],
  },
  {
    key: 'daniel',
    firstName: 'Daniel',
    lastName: 'Okafor',
    description:
      'Guitar teacher for twelve years: fingerstyle, blues and a bit of jazz. Happy to look at your picking hand; less happy to hear my own singing.',
    colors: ['0x5b2a86', '0xf49d37'],
  },
  {
    key: 'leo',
    firstName: 'Leo',
    lastName: 'Martins',
    description:
      'Street skater from Lisbon, learning switch tricks at 31. I film everything, land some of it, and break on Sundays.',
    colors: ['0x1b3a4b', '0xf2c14e'],
  },
  {
    key: 'sofia',
    firstName: 'Sofia',
    lastName: 'Reyes',
    description:
      'Watercolour and gouache painter. I post process videos of landscapes and would love honest critique on composition and values.',
    colors: ['0x2e86ab', '0xf26419'],
  },
];

/**
 * Generated clips: `source` is an ffmpeg lavfi video source (640x360, 25 fps), `tone` the sine
 * under it (Hz), `seconds` its length. `hevc`: made as an HEVC .mov like a phone records, so the
 * worker has to transcode it. `feedback` comes from the other members.
 */
export const DEMO_CLIPS = [
  {
    member: 'maya',
    category: 'Golf',
    title: 'Driver swing: still fighting my slice',
    description:
      'Range session, 7 balls with the driver. The ball starts left and curves hard right. I think my club face is open at impact, but I cannot see it at full speed. Grip or path?',
    source: 'testsrc2=s=640x360:r=25',
    tone: 196,
    seconds: 8,
    feedback: [
      {
        from: 'leo',
        content:
          'Not a golfer, but your hips open way before your arms come down. In skating that is exactly how you lose the board; maybe same here?',
      },
      {
        from: 'daniel',
        content:
          'Try a stronger grip for a week (see three knuckles on the left hand). Fixed my slice in a season. Also film from behind, down the line; it shows the path much better.',
      },
    ],
  },
  {
    member: 'maya',
    category: 'Golf',
    title: 'Putting: gate drill from six feet (phone clip)',
    description:
      'Two tees just wider than the putter head, ball six feet out. Filmed on my phone, hence the odd format. Is my stroke too wristy?',
    source: 'mandelbrot=s=640x360:r=25',
    tone: 262,
    seconds: 6,
    hevc: true,
    feedback: [
      {
        from: 'sofia',
        content:
          'Your head stays really still, nice! The follow-through looks shorter than the backswing though; try making them equal.',
      },
    ],
  },
  {
    member: 'maya',
    category: 'Tennis',
    title: 'One-handed backhand, first month',
    description:
      'Switched from a two-hander four weeks ago. I keep hitting late and the ball floats long. Any drill for the contact point?',
    source: 'smptehdbars=s=640x360:r=25,hue=h=t*45',
    tone: 294,
    seconds: 7,
    feedback: [],
  },
  {
    member: 'daniel',
    category: 'Music',
    title: 'Fingerstyle blues turnaround in E',
    description:
      'The turnaround I teach in lesson 5: descending sixths over an open E bass, thumb keeping steady quarters. Played at 70 bpm with a click.',
    source: 'cellauto=s=640x360:r=25:rule=110',
    tone: 330,
    beep: true,
    seconds: 9,
    feedback: [
      {
        from: 'sofia',
        content:
          'Lovely tone. Could you post a slower version? I lose the thumb pattern when the melody moves to the G string.',
      },
      {
        from: 'maya',
        content: 'The bass stays so even. How long did it take before your thumb went on autopilot?',
      },
    ],
  },
  {
    member: 'daniel',
    category: 'Singing',
    title: 'Warm-up: sirens on "ng" before a gig',
    description:
      'My five-minute warm-up before singing and playing. Be gentle, I am a guitarist first. Where do I crack on the way up?',
    source: 'gradients=s=640x360:r=25:c0=0x5b2a86:c1=0xf49d37:speed=0.03',
    tone: 440,
    seconds: 6,
    feedback: [],
  },
  {
    member: 'leo',
    category: 'Skateboarding',
    title: 'Kickflip attempts, week 6',
    description:
      'Flat ground, ten tries, two landed. My front foot flick feels fine but the board keeps going forward away from me. Shoulders?',
    source: 'life=s=640x360:r=25:mold=10:ratio=0.1:life_color=#f2c14e:death_color=#1b3a4b',
    tone: 110,
    seconds: 8,
    feedback: [
      {
        from: 'maya',
        content:
          'Your shoulders turn towards the nose as you flick, which sends the board forward. Keep them parallel to the board until you land.',
      },
      {
        from: 'daniel',
        content: 'Two out of ten after six weeks is real progress! Maybe slow down the approach a bit while learning.',
      },
    ],
  },
  {
    member: 'leo',
    category: 'Dance',
    title: 'Breaking footwork: six-step, slowed down',
    description: 'Half speed first, then full speed. Which step looks sloppy? My hips feel too high on step four.',
    source: 'testsrc=s=640x360:r=25,hue=s=0.5',
    tone: 147,
    beep: true,
    seconds: 7,
    feedback: [],
  },
  {
    member: 'sofia',
    category: 'Drawing & Painting',
    title: 'Wet-on-wet watercolour sky',
    description:
      'Cobalt into wet paper, then a touch of burnt sienna near the horizon. The blooms at the top are intentional, the one on the left is not. How wet should the paper be?',
    source: 'gradients=s=640x360:r=25:n=3:c0=0x2e86ab:c1=0xf6f5ae:c2=0xf26419:speed=0.015',
    tone: 220,
    seconds: 10,
    feedback: [
      {
        from: 'leo',
        content: 'That gradient near the horizon is so smooth. The accidental bloom looks like a cloud to me, keep it!',
      },
      {
        from: 'maya',
        content:
          'Beautiful colours. When the sheen on the paper goes matt it is too late for wet-on-wet; that is where the left bloom came from, I think.',
      },
    ],
  },
];

/** YouTube links: well-known public tutorials a member learns from. */
export const DEMO_LINKS = [
  {
    member: 'sofia',
    category: 'Drawing & Painting',
    title: 'Study reference: Bob Ross, Island in the Wilderness',
    description:
      'The episode I keep coming back to for wet-on-wet skies. I am painting my own version this week and will post it next to this one.',
    youtubeUrl: 'https://www.youtube.com/watch?v=lLWEXRAnQd0',
    feedback: [
      {
        from: 'daniel',
        content: 'Watched the whole episode because of you. That almighty knife work on the mountains!',
      },
    ],
  },
  {
    member: 'daniel',
    category: 'Cooking',
    title: "Reference: Gordon Ramsay's pan-seared steak",
    description:
      'My weekend project away from the guitar. My basting is too slow and the butter burns; this is the technique I am copying.',
    youtubeUrl: 'https://www.youtube.com/watch?v=AmC9SmCBUj4',
    feedback: [],
  },
];
