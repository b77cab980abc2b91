// msw server for client unit tests; tests add their own handlers with server.use(...).
import { setupServer } from 'msw/node'
import { handlers } from './handlers.ts'

export const server = setupServer(...handlers)
