import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

/** The framework floor's build: React Router's plugin alone, as a new React Router app has it. */
export default defineConfig({ plugins: [reactRouter()] })
