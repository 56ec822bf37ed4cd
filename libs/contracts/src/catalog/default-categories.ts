/** What a newcomer can pick from on day one: sports, arts and hobbies people film to improve. */
export const DEFAULT_CATEGORIES: ReadonlyArray<{ name: string; icon: string }> = [
  { name: 'Golf', icon: '⛳' },
  { name: 'Tennis', icon: '🎾' },
  { name: 'Basketball', icon: '🏀' },
  { name: 'Soccer', icon: '⚽' },
  { name: 'Skateboarding', icon: '🛹' },
  { name: 'Yoga & Fitness', icon: '🧘' },
  { name: 'Dance', icon: '💃' },
  { name: 'Music', icon: '🎸' },
  { name: 'Singing', icon: '🎤' },
  { name: 'Drawing & Painting', icon: '🎨' },
  { name: 'Cooking', icon: '🍳' },
  { name: 'Martial Arts', icon: '🥋' },
];
