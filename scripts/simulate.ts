/**
 * DJI device simulator: Pilot 2 gateways (remote controller + aircraft) and docks with their aircraft, speaking the DJI
 * Cloud API over MQTT. Credentials come from the platform API like a real pilot's or dock's (docs/mqtt.md).
 *
 *   npm run simulate -- --gateways 20 --docks 5 [--url ws://localhost:8080/mqtt] [--api http://localhost:8080]
 *                       [--user admin --password …] [--workspace 1] [--rate 1] [--hms 300] [--prefix SIM]
 */
import { startSimulation, type SimulationOptions } from './simulator';

const USAGE =
  'npm run simulate -- [--gateways 10 | --drones 10] [--docks 0] [--url ws://localhost:8080/mqtt] [--api http://localhost:8080] [--user admin --password …] [--workspace 1] [--rate 1] [--hms 300] [--prefix SIM]';

function integer(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer ${min}…${max}`);
  return n;
}

function parseArgs(argv: string[], env: NodeJS.ProcessEnv): SimulationOptions {
  const get = (...names: string[]) => {
    for (const name of names) {
      const i = argv.indexOf(`--${name}`);
      if (i >= 0) return argv[i + 1];
    }
    return undefined;
  };
  const url = get('url') ?? env.SIM_MQTT_URL ?? `ws://localhost:${env.PORT ?? '8080'}/mqtt`;
  const password = get('password') ?? env.ADMIN_PASSWORD;
  if (!password) throw new Error('the simulator signs in like a pilot: give --password (or ADMIN_PASSWORD)');
  const rate = Number(get('rate') ?? 1);
  if (!(rate > 0 && rate <= 50)) throw new Error('--rate must be between 0 and 50 Hz');
  const prefix = get('prefix') ?? 'SIM';
  if (!/^[A-Za-z0-9]{1,20}$/.test(prefix)) throw new Error('--prefix must be 1-20 letters or digits');
  return {
    url,
    api:
      get('api') ??
      url
        .replace(/^ws/, 'http')
        .replace(/^mqtt/, 'http')
        .replace(/\/mqtt$/, ''),
    user: get('user') ?? env.ADMIN_USER ?? 'admin',
    password,
    gateways: integer(get('gateways', 'drones'), 10, 'gateways', 0, 5000),
    docks: integer(get('docks'), 0, 'docks', 0, 5000),
    workspaceId: get('workspace') ?? 1,
    rate,
    hmsEverySeconds: integer(get('hms'), 300, 'hms', 0, 86_400),
    prefix,
  };
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const options = parseArgs(argv, process.env);
  console.log(`Starting ${options.gateways} Pilot 2 gateway(s) and ${options.docks} dock(s) on ${options.url}; Ctrl+C stops.`);
  const simulation = await startSimulation({ ...options, log: (line) => console.log(line) });
  const report = setInterval(() => {
    console.log(`${new Date().toISOString()}  connected ${simulation.connected()}/${simulation.gateways.length}  sent ${simulation.sent()}`);
  }, 10_000);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(report);
    await simulation.stop();
    console.log(`Stopped; ${simulation.sent()} messages sent.`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error('simulate:', error instanceof Error ? error.message : error);
  process.exit(1);
});
