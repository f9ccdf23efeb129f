// Loaded into a shop process by a test (NODE_OPTIONS=--import): on SIGUSR2 the process prints how
// many timers it has pending, so a test can see work a finished request left behind.
process.on('SIGUSR2', () => {
	const timers = process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length
	console.log(`active timers: ${timers}`)
})
