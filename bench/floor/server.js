// The framework floor's server: Express, compression and React Router's request handler, as the
// React Router Express template starts a built app. PORT and HOST from the environment.
import path from 'node:path'

// Before React loads: it picks its production build from NODE_ENV.
process.env.NODE_ENV ??= 'production'
const { createRequestHandler } = await import('@react-router/express')
const { default: compression } = await import('compression')
const { default: express } = await import('express')
const build = await import('./build/server/index.js')

const app = express()
app.disable('x-powered-by')
app.use(compression())
app.use('/assets', express.static(path.join(import.meta.dirname, 'build/client/assets'), { immutable: true, maxAge: '1y' }))
app.all('/{*path}', createRequestHandler({ build, mode: 'production' }))
const server = app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1', () => console.log('floor ready'))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
