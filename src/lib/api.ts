import axios, { AxiosError, type AxiosInstance } from 'axios';
import { API_BASE, ApiErrorSchema } from '../../contract';
import { ApiRequestError } from './api-error';
import { conexao } from './conexao';
import { sessaoTerminou } from './sessao-terminou';
import { session } from './session';

// HTTP/2 answers carry no reason phrase; the message still needs one.
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

// Its own module, so that the login screen can tell a 429 without loading axios.
export { ApiRequestError };

export function toApiError(error: unknown): Error {
  if (!(error instanceof AxiosError))
    return error instanceof Error ? error : new Error(String(error));
  if (!error.response) {
    return new ApiRequestError(
      0,
      'Network Error',
      'Sem resposta do servidor. Verifique a conexão.',
    );
  }
  const { status, statusText, data } = error.response;
  const body = ApiErrorSchema.safeParse(data);
  return new ApiRequestError(
    status,
    statusText || REASONS[status] || 'Error',
    body.success ? body.data.detail : undefined,
    body.success ? body.data.campos : undefined,
  );
}

function create(withSession: boolean): AxiosInstance {
  const instance = axios.create({ baseURL: `${API_BASE}/` });
  if (withSession) {
    instance.interceptors.request.use((config) => {
      const current = session.get();
      if (current) config.headers.set('Authorization', `Bearer ${current.access}`);
      return config;
    });
  }
  instance.interceptors.response.use(
    (response) => {
      conexao.respondeu();
      return response;
    },
    (error: unknown) => {
      // No answer at all (not a call the app cancelled): the connection is lost until an answer comes back.
      if (error instanceof AxiosError && !axios.isCancel(error))
        if (error.response) conexao.respondeu();
        else conexao.falhou();
      const apiError = toApiError(error);
      // An expired or revoked token: back to the login screen, which says why (a session that was open ended).
      if (withSession && apiError instanceof ApiRequestError && apiError.status === 401) {
        if (session.get()) sessaoTerminou.marcar();
        session.logout();
      }
      return Promise.reject(apiError);
    },
  );
  return instance;
}

/** Every call of the SPA goes through this instance (bearer token, errors as ApiRequestError). */
export const api = create(true);

/** The login call only: no token, and a 401 there is a wrong password, not an expired session. */
export const authApi = create(false);
