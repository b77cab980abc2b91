// The baseline of bench/live-fanout.ts: a bare `ws` server with no session, authorisation or bus.
// Each text message it receives is broadcast to every socket, in the live channel's { event, data }
// shape, serialised once like the app does.
import { WebSocketServer } from 'ws'

const wss = new WebSocketServer({ port: Number(process.env.PORT), host: '127.0.0.1' })
wss.on('connection', (socket) => {
  socket.on('message', (raw) => {
    const data = { leadId: 1, reason: String(raw) }
    const frame = Buffer.from(JSON.stringify({ event: 'user:1:lead:update', data }))
    for (const client of wss.clients) client.send(frame, { binary: false })
  })
})
wss.on('listening', () => process.stdout.write('listening\n'))
process.on('SIGTERM', () => process.exit(0))
