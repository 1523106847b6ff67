import { nowIso } from '../../db/time';
import { DAY, type DemoContext } from './context';

const NOTICES = [
  ['平台上线通知', 'Skyline Ops 运营平台正式上线。', 'info'],
  ['空域管制提醒', '本周六 09:00-12:00 深圳湾区域临时管制，请勿申请该时段空域。', 'warning'],
  ['固件升级', 'Matrice 350 RTK 固件 v2.1 已发布，请尽快升级。', 'info'],
  ['台风预警', '台风将于48小时内登陆，所有外场任务暂停。', 'urgent'],
  ['月度安全培训', '月度飞行安全培训将于下周三举行。', 'info'],
] as const;

/** Notices by admin, published every other day over the last ten days. */
export async function seedNotices({ db, now }: DemoContext, adminId: number): Promise<void> {
  await db
    .insertInto('notices')
    .values(
      NOTICES.map(([title, content, level], i) => ({
        title,
        content,
        level,
        publish_at: nowIso(now - (10 - i * 2) * DAY),
        created_by: adminId,
        created_at: nowIso(now - (10 - i * 2) * DAY),
        updated_at: nowIso(now - (10 - i * 2) * DAY),
      })),
    )
    .execute();
}
