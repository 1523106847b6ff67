/** What the build decided (webpack's mode sets NODE_ENV); the one place the console reads process.env. */
export const developmentBuild = process.env.NODE_ENV !== 'production';
