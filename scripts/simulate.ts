/**
 * DJI device simulator: Pilot 2 gateways (remote controller + aircraft) and docks with their aircraft, speaking the DJI
 * Cloud API over MQTT. Credentials come from the platform API like a real pilot's or dock's (docs/mqtt.md).
 *
 *   npm run simulate -- --gateways 20 --docks 5 [--url ws://localhost:8080/mqtt] [--api http://localhost:8080]
 *                       [--user admin --password …] [--workspace 1] [--rate 1] [--hms 300] [--prefix SIM] [--no-plans]
 *
 * Each aircraft flies under an accepted flight plan it files first (--no-plans: none). While it runs, standard input
 * takes `fly <serial> <lat> <lng> <height>` (leave the circuit and hover there) and `back <serial>`.
 */
import readline from 'node:readline';
import { startSimulation, type Simulation, type SimulationOptions } from './simulator';
import { COMMAND_USAGE, parseCommand } from './simulator/commands';

const USAGE =
  'npm run simulate -- [--gateways 10 | --drones 10] [--docks 0] [--url ws://localhost:8080/mqtt] [--api http://localhost:8080] [--user admin --password …] [--workspace 1] [--rate 1] [--hms 300] [--prefix SIM] [--plans | --no-plans]\n' +
  `then on standard input: ${COMMAND_USAGE}`;

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
    gateways: integer(get('gateways', 'drones'), 10, 'gateways', 0, 10_000),
    docks: integer(get('docks'), 0, 'docks', 0, 10_000),
    workspaceId: get('workspace') ?? 1,
    rate,
    hmsEverySeconds: integer(get('hms'), 300, 'hms', 0, 86_400),
    prefix,
    plans: !argv.includes('--no-plans'),
  };
}

/** Carries out the commands typed on standard input (fly / back). */
function acceptCommands(simulation: Simulation) {
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    if (!line.trim()) return;
    const command = parseCommand(line);
    try {
      if ('error' in command) throw new Error(command.error);
      if (command.kind === 'back') {
        simulation.flyTo(command.aircraftSn, null);
        console.log(`${command.aircraftSn} flies back to its circuit`);
        return;
      }
      const { lat, lng, height } = command.target;
      simulation.flyTo(command.aircraftSn, command.target);
      console.log(`${command.aircraftSn} flies to ${lat}, ${lng} at ${height} m`);
    } catch (error) {
      console.log(`command refused: ${(error as Error).message}`);
    }
  });
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
  const serials = simulation.gateways.map((g) => g.plan.aircraft.sn);
  console.log(`Aircraft: ${serials.slice(0, 20).join(', ')}${serials.length > 20 ? ` and ${serials.length - 20} more` : ''}`);
  acceptCommands(simulation);
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
