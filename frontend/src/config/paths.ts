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
} as const;
