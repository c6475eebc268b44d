// class-transformer ships the metadata storage at runtime as cjs/storage.js, typed under types/.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
