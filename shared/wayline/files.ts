/** The download name of a route file: the route's name, with the characters no file system takes as "_". */
export const routeFileName = (name: string, ext: string) => `${name.replace(/[\\/:*?"<>|]/g, '_') || 'route'}.${ext}`;
