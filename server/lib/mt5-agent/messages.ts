// The terminal's words live in the contract, shared with the mocks: the server's own name for them stays.
export * from '../../../contract/terminal';
