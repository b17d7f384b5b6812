/** Nobody follows themselves: their own follower count would count them. */
export const isSelf = (viewer: { id: string }, target: { id: string }): boolean =>
  viewer.id === target.id;
