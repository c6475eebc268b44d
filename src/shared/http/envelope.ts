/** The v2 and headless success envelope (spec 2.1). */
export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  meta: Record<string, unknown>;
  message: string;
  timestamp: string;
}

export function ok<T>(data: T, options: { meta?: Record<string, unknown>; message?: string } = {}): SuccessEnvelope<T> {
  return {
    success: true,
    data,
    meta: options.meta ?? {},
    message: options.message ?? 'OK',
    timestamp: new Date().toISOString(),
  };
}

export interface PaginationMeta {
  hasNext: boolean;
  hasPre: boolean;
  total?: number;
  totalPage?: number;
}
