// js-yaml (already in the tree, through eslint and @nestjs/swagger) ships no types: the one call these tests make.
declare module 'js-yaml' {
  export function loadAll(text: string): unknown[];
  export function load(text: string): unknown;
}
