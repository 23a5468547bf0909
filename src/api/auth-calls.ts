import { authEndpoints as e, type LoginRequest } from '../../contract';
import { authApi } from '../lib/api';
import { call } from './call';

// Without a token, and a 401 here is a wrong password, not an expired session.
export const login = (body: LoginRequest) => call(e.login, { body }, { client: authApi });

export const logout = () => call(e.logout);
