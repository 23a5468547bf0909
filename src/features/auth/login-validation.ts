import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequestSchema } from '../../../contract';

/** The login form's rules are the contract's. */
export const loginResolver = zodResolver(LoginRequestSchema);
