import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TaskScheduler } from './scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the scheduled tasks when they are due; null while the live channel is off or before ready. */
    scheduler: TaskScheduler | null;
  }
}

/** The task scheduler: dispatches due tasks through the mission service (MISSION_SCHEDULER_INTERVAL_MS). */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('scheduler', null);
    app.addHook('onReady', async () => {
      if (!app.missions) return;
      const scheduler = new TaskScheduler(app.db, app.missions, app.log.child({ module: 'scheduler' }));
      scheduler.start(app.config.missions.schedulerIntervalMs);
      app.scheduler = scheduler;
    });
    app.addHook('preClose', async () => {
      await app.scheduler?.stop();
    });
  },
  { name: 'skyline-scheduler', dependencies: ['skyline-missions'] },
);
