import fs from 'node:fs'
import path from 'node:path'
import { PROJECT_ROOT } from './shop-process.ts'

export const readProjectFile = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8')

export type DockerStage = { name: string; instructions: { op: string; args: string }[] }

/** Dockerfile instructions, continuation lines joined, per stage. */
export function dockerStages(text = readProjectFile('Dockerfile')): DockerStage[] {
	const lines = text
		.replace(/\\\n/g, ' ')
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line && !line.startsWith('#'))
	const stages: DockerStage[] = []
	for (const line of lines) {
		const [op, ...rest] = line.split(/\s+/)
		const args = rest.join(' ')
		if (op!.toUpperCase() === 'FROM') stages.push({ name: args.split(/\s+AS\s+/i)[1] ?? '', instructions: [] })
		stages.at(-1)?.instructions.push({ op: op!.toUpperCase(), args })
	}
	return stages
}

/** The runtime image's last ENTRYPOINT and CMD, in their exec (JSON) form. */
export function runtimeCommand(stages = dockerStages()) {
	const runtime = stages.at(-1)!
	const last = (op: string) => runtime.instructions.filter((i) => i.op === op).at(-1)
	const entrypoint = last('ENTRYPOINT')
	const cmd = last('CMD')
	return {
		entrypoint: entrypoint ? (JSON.parse(entrypoint.args) as string[]) : [],
		cmd: cmd ? (JSON.parse(cmd.args) as string[]) : [],
	}
}
