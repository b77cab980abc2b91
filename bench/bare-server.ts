// The baseline of bench/api-throughput.ts: a bare Fastify route answering a JSON object of the
// same shape and size as /api/user/me, with no session, database or validation.
import Fastify from 'fastify'

const body = {
  id: 3,
  firstName: 'Camille',
  lastName: 'Martin',
  email: 'teleop1@demo.fr',
  role: 'TELEOPERATOR',
  status: 'ACTIVE',
  aircallId: 100001,
  avatar: null,
  teamIds: [1],
  experiencePoints: 0,
  badges: [],
  gamification: { tentacalls: {}, badges: {} },
  viewingLeadId: null,
  processingLeadId: null,
  callingLeadId: null,
  preferences: { tour: true, badges: true, tentacalls: true },
  call: null,
  isCallCapable: true,
  needsAircallLink: false,
}
const app = Fastify()
app.get('/bare', async () => body)
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
