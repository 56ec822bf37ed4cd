export const paths = {
  home: '/',
  about: '/about',
  login: '/login',
  register: '/register',
  video: (id: number | string) => `/video/${id}`,
  myVideos: '/my-videos',
  savedVideos: '/saved-videos',
  profile: (userId: number | string) => `/profile/${userId}`,
  admin: '/admin',
  compare: '/compare',
  /** Two videos side by side; without `b` the page asks for the second one. */
  compareVideos: (a: number | string, b?: number | string | null) =>
    `/compare?a=${encodeURIComponent(String(a))}${b === undefined || b === null ? '' : `&b=${encodeURIComponent(String(b))}`}`,
} as const;
