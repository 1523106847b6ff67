import { useTranslation } from 'react-i18next';
import { deptEmpty, deptSchema, deptToBody, deptToForm, type DeptForm } from './adminRules';
import TreeScreen from './TreeScreen';

export default function DeptPage() {
  const { t } = useTranslation();
  return (
    <TreeScreen<DeptForm>
      resource="department"
      title={t('menu.dept')}
      what={t('admin.dept')}
      treeLabel={t('admin.deptTree')}
      primary={(row) => String(row.name)}
      fields={() => [
        { name: 'name', label: 'admin.deptName', required: true },
        { name: 'sort', label: 'admin.sort', kind: 'number' },
      ]}
      schema={deptSchema as never}
      empty={deptEmpty}
      toForm={deptToForm}
      toBody={deptToBody}
    />
  );
}
