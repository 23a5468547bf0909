export * from './client';
export * from './errors';
export * from './fleet';
export * from './protocol';
export * from './status';
export * from './access';
export * from './messages';
export { MAX_ANSWER_BYTES } from './transport';
