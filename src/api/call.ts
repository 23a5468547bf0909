import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import {
  fillPath,
  successStatus,
  type EndpointDef,
  type EndpointInput,
  type Success,
} from '../../contract';
import { api } from '../lib/api';

type CallOptions = { signal?: AbortSignal; client?: AxiosInstance };

/**
 * Calls an endpoint of the contract: the path filled from its params, the query and body as declared, and the
 * answer parsed with the endpoint's success schema (a server that breaks the contract fails loudly here). Errors
 * are the axios instance's `ApiRequestError`s.
 */
export async function call<E extends EndpointDef>(
  endpoint: E,
  ...[input, options]: Partial<EndpointInput<E>> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions]
): Promise<Success<E>> {
  const { params, query, headers, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    headers?: Record<string, string | undefined>;
    body?: unknown;
  };
  const client = options?.client ?? api;
  const { data } = await client.request({
    method: endpoint.method,
    // Relative to the instance's base URL (/api/).
    url: fillPath(endpoint.path, params).slice(1),
    params: query,
    headers,
    data: body,
    signal: options?.signal,
  });
  const schema = endpoint.answers[successStatus(endpoint)]!;
  // The specification lets a list arrive as an array or as an object with results (a paginated server).
  const unwrapped =
    schema instanceof z.ZodArray && data && typeof data === 'object' && 'results' in data
      ? (data as { results: unknown }).results
      : data;
  return schema.parse(successStatus(endpoint) === 204 ? null : unwrapped) as Success<E>;
}
