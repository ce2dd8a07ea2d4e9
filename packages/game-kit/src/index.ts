export * from './primitives';
export * from './restrictions';
export * from './settlement';
export * from './definition';
export * from './define-game';
export * from './ratio';
export * from './measure';
export * from './exact-report';
