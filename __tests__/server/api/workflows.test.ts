import { type Dialect } from './harness';
import { useTestApi } from './testApi';

describe.each<Dialect>(['sqlite', 'postgres'])('workflows API (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call } = api;

  describe(`workflows (${dialect})`, () => {
    it('runs a task through its state machine and refuses illegal transitions with 409', async () => {
      const task = (await call('POST', '/api/Task/', 'operator1', { name: 'Workflow task', project_id: 2, route_id: 3, kind: 'inspection' })).body.data;
      expect(task).toMatchObject({ status: 'pending', actions: ['schedule', 'cancel'], editable: true, deletable: true });
      // Scheduling needs a planned time in the future.
      const untimed = await call('POST', `/api/Task/${task.id}/schedule/`, 'operator1', {});
      expect(untimed).toMatchObject({ status: 409, body: { error_code: 'mission.schedule_needs_time' } });
      await call('PATCH', `/api/Task/${task.id}/`, 'operator1', { scheduled_at: new Date(Date.now() - 60_000).toISOString() });
      expect((await call('POST', `/api/Task/${task.id}/schedule/`, 'operator1', {})).body.error_code).toBe('mission.schedule_in_past');
      await call('PATCH', `/api/Task/${task.id}/`, 'operator1', { scheduled_at: new Date(Date.now() + 3_600_000).toISOString() });
      const illegal = await call('POST', `/api/Task/${task.id}/start/`, 'operator1', {});
      expect(illegal.status).toBe(409);
      expect(illegal.body.msg).toBe('Cannot start a task that is pending (allowed from: scheduled)');
      expect((await call('POST', `/api/Task/${task.id}/schedule/`, 'operator1', {})).body.data.status).toBe('scheduled');
      const running = (await call('POST', `/api/Task/${task.id}/start/`, 'operator1')).body.data;
      expect(running).toMatchObject({ status: 'running', started_at: expect.any(String), editable: false, deletable: false });
      expect((await call('PUT', `/api/Task/${task.id}/`, 'operator1', { name: 'x' })).status).toBe(409);
      expect((await call('POST', `/api/Task/${task.id}/complete/`, 'operator1', {})).body.data).toMatchObject({
        status: 'done',
        finished_at: expect.any(String),
      });
      expect((await call('POST', `/api/Task/${task.id}/cancel/`, 'operator1', {})).status).toBe(409);
      expect((await call('POST', `/api/Task/${task.id}/explode/`, 'operator1', {})).status).toBe(404);
      expect((await call('POST', '/api/Task/', 'operator1', { name: 'x', project_id: 1, route_id: 3, kind: 'patrol' })).status).toBe(409);
    });

    it('edits a task only while the row says it is editable: a cancelled task is a record', async () => {
      const task = (await call('POST', '/api/Task/', 'operator1', { name: 'Cancelled task', project_id: 2, route_id: 3, kind: 'inspection' })).body.data;
      const cancelled = (await call('POST', `/api/Task/${task.id}/cancel/`, 'operator1', {})).body.data;
      expect(cancelled).toMatchObject({ status: 'cancelled', editable: false, deletable: true });
      const edit = await call('PATCH', `/api/Task/${task.id}/`, 'operator1', { name: 'renamed' });
      expect(edit).toMatchObject({ status: 409, body: { error_code: 'task.locked', params: { status: 'cancelled' } } });
      expect((await call('POST', `/api/Task/${task.id}/retry/`, 'operator1', {})).body.data).toMatchObject({ status: 'pending', editable: true });
      expect((await call('PATCH', `/api/Task/${task.id}/`, 'operator1', { name: 'renamed' })).body.data.name).toBe('renamed');
    });

    it('runs airspace application → plan → report', async () => {
      const day = (hours: number) => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + (72 + hours) * 3_600_000).toISOString();
      const application = (
        await call('POST', '/api/Airspace/Apply/', 'operator1', {
          device_id: 2,
          area: {
            type: 'Polygon',
            coordinates: [
              [
                [119, 22.5],
                [119.01, 22.5],
                [119.01, 22.51],
                [119, 22.5],
              ],
            ],
          },
          min_alt: 0,
          max_alt: 200,
          start_at: day(0),
          end_at: day(4),
          purpose: 'inspection',
        })
      ).body.data;
      expect(application).toMatchObject({ status: 'draft', start_at: day(0) });
      expect((await call('POST', `/api/Airspace/Apply/${application.id}/approve/`, 'admin', {})).status).toBe(409);
      const planBody = { application_id: application.id, device_id: 2, planned_start_at: day(1), planned_end_at: day(2) };
      const early = await call('POST', '/api/Airspace/Plan/', 'operator1', planBody);
      expect(early.status).toBe(409);
      expect(early.body.msg).toMatch(/not approved/);
      // Above the auto-approval ceiling: a reviewer decides.
      expect((await call('POST', `/api/Airspace/Apply/${application.id}/submit/`, 'operator1', {})).body.data.status).toBe('submitted');
      expect((await call('PATCH', `/api/Airspace/Apply/${application.id}/`, 'operator1', { purpose: 'changed' })).status).toBe(409);
      expect((await call('POST', `/api/Airspace/Apply/${application.id}/approve/`, 'operator1', {})).status).toBe(403);
      const approved = (await call('POST', `/api/Airspace/Apply/${application.id}/approve/`, 'admin', { note: 'ok' })).body.data;
      expect(approved).toMatchObject({ status: 'approved', review_note: 'ok', reviewer_id: expect.any(Number) });
      const plan = (await call('POST', '/api/Airspace/Plan/', 'operator1', planBody)).body.data;
      expect(plan.status).toBe('filed');
      expect((await call('POST', `/api/Airspace/Plan/${plan.id}/end/`, 'operator1', {})).status).toBe(409);
      expect((await call('POST', `/api/Airspace/Plan/${plan.id}/accept/`, 'admin', {})).body.data.status).toBe('accepted');
      const report = await call('POST', '/api/Airspace/Report/', 'operator1', {
        plan_id: plan.id,
        device_id: 2,
        takeoff_at: day(1.1),
        landing_at: day(1.6),
        distance_m: 5400,
        max_alt: 110,
        track: {
          type: 'LineString',
          coordinates: [
            [119, 22.5],
            [119.01, 22.505],
          ],
        },
      });
      expect(report.body.data).toMatchObject({ duration_s: 1800, track: { type: 'LineString' } });
      // The report ended the plan through the plan's machine: stamped and audited as the user who recorded it.
      const ended = (await call('GET', `/api/Airspace/Plan/${plan.id}/`, 'viewer1')).body.data;
      expect(ended).toMatchObject({ status: 'ended', ended_at: expect.any(String) });
      const audit = (await call('GET', `/api/Audit/?entity=flight_plan&entity_id=${plan.id}&ordering=id`, 'admin')).body.data.items;
      expect(audit.at(-1)).toMatchObject({ action: 'end', username: 'operator1', detail: { from: 'accepted', to: 'ended', by: 'flight_report' } });
    });
  });
});
