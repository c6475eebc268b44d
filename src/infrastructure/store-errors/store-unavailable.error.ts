// Defined below the HTTP layer that maps it to 503 (see the file named).
export { StoreUnavailableError } from '../../shared/domain/store-errors';
