import { gravado } from '../recorded';

/** The home screen (issue 34): mocks/record/cenas-inicio.ts's answer replayed as it is (the tests set their own). */
export const inicioHandlers = [gravado('inicio')];
