import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, Form, InputGroup, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { can } from '@common/policies';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type RoleName } from '@common/constants';
import type { AdminUser } from '@common/schemas/admin';
import { adminQueries } from '@/api/admin';
import { useCurrentUser } from '@/lib/currentUser';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { DeletionSummaryText } from '@/ui/DeletionSummaryText';
import { userQueries } from '@/api/users';
import { Paginator } from '@/ui/Paginator';
import { useDeleteUser } from '../api/deleteUser';
import { useSetUserBan } from '../api/setUserBan';
import { useSetUserRole } from '../api/setUserRole';
import { AdminPage } from './AdminPage';
import { AdminUserRow } from './AdminUserRow';
import { BanDialog } from './BanDialog';

const positiveInt = (s: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(s);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

type Deleting = { user: AdminUser; step: 'first' | 'second' } | null;

/** /admin/users (admins): users with roles and bans; the address keeps pageSize, pageCurrentNumber and txt. */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const pageSize = positiveInt(params.get('pageSize'), PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);
  const page = positiveInt(params.get('pageCurrentNumber'), 1);
  const txt = params.get('txt') ?? '';
  const [draft, setDraft] = useState(txt);
  useEffect(() => setDraft(txt), [txt]);

  const users = useQuery({ ...adminQueries.users({ pageSize, page, txt }), enabled: can.manageUsers(me) });
  const roleMutation = useSetUserRole();
  const banMutation = useSetUserBan();
  const deleteMutation = useDeleteUser();
  const [banning, setBanning] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  // what goes with the account, counted when the question is first asked
  const summary = useQuery({ ...userQueries.deletionSummary(deleting?.user.id ?? 0), enabled: deleting?.step === 'first' });
  const busy = roleMutation.isPending || banMutation.isPending || deleteMutation.isPending;

  const go = (next: { page?: number; txt?: string }) => {
    const p = new URLSearchParams(params);
    p.set('pageSize', String(pageSize));
    p.set('pageCurrentNumber', String(next.page ?? page));
    const text = next.txt ?? txt;
    if (text) p.set('txt', text);
    else p.delete('txt');
    setParams(p);
  };
  const ignore = () => {
    // the fetch wrapper has shown why
  };

  const list = users.data?.users ?? [];
  const pagination = users.data?.pagination ?? null;

  return (
    <AdminPage title={t('admin.users.title')} intro={t('admin.users.intro')} allowed={can.manageUsers}>
      <Form
        role="search"
        className="mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          go({ page: 1, txt: draft.trim() });
        }}
      >
        <InputGroup>
          <Form.Control
            type="search"
            placeholder={t('admin.users.searchPlaceholder')}
            aria-label={t('admin.users.search')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button type="submit">{t('admin.users.search')}</Button>
          <Button
            variant="outline-secondary"
            onClick={() => {
              setDraft('');
              go({ page: 1, txt: '' });
            }}
            disabled={!txt && !draft}
          >
            {t('admin.users.clear')}
          </Button>
        </InputGroup>
      </Form>
      {pagination && (
        <p className="small text-body-secondary mb-2" data-testid="users-total">
          {t('admin.users.total', { count: pagination.rowsTotal })}
        </p>
      )}
      {pagination && <Paginator pagination={pagination} onPage={(p) => go({ page: p })} label={t('paginator.above')} className="mb-2" />}
      {users.isPending ? (
        <div className="py-4 text-center">
          <Spinner animation="border" role="status">
            <span className="visually-hidden">{t('admin.loading')}</span>
          </Spinner>
        </div>
      ) : list.length === 0 ? (
        <p className="text-body-secondary">{txt ? t('admin.users.noneFound', { txt }) : t('admin.users.none')}</p>
      ) : (
        <Table responsive hover className="align-middle" data-testid="users-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('admin.users.user')}</th>
              <th>{t('admin.users.roles')}</th>
              <th>{t('admin.users.created')}</th>
              <th>{t('admin.users.state')}</th>
              <th>
                <span className="visually-hidden">{t('admin.users.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((u) => (
              <AdminUserRow
                key={u.id}
                user={u}
                isSelf={u.id === me.id}
                busy={busy}
                onRole={(user, role: RoleName, on) => roleMutation.mutateAsync({ id: user.id, role, on }).catch(ignore)}
                onBan={setBanning}
                onLift={(user) => banMutation.mutateAsync({ id: user.id, bannedTill: null }).catch(ignore)}
                onDelete={(user) => setDeleting({ user, step: 'first' })}
              />
            ))}
          </tbody>
        </Table>
      )}
      {pagination && <Paginator pagination={pagination} onPage={(p) => go({ page: p })} label={t('paginator.below')} className="mt-2" />}

      <BanDialog
        user={banning}
        onCancel={() => setBanning(null)}
        onBan={(user, till) => {
          setBanning(null);
          banMutation.mutateAsync({ id: user.id, bannedTill: till }).catch(ignore);
        }}
      />
      {/* one dialog whose question changes, so the second never stacks on the first */}
      <ConfirmDialog
        show={deleting != null}
        title={deleting ? t('admin.users.deleteTitle', { user: deleting.user.mail }) : undefined}
        body={
          deleting?.step === 'second' ? (
            t('confirm.reallySure')
          ) : (
            <>
              <DeletionSummaryText summary={summary.data} own={false} loading={summary.isPending} />
              <p className="mb-0">{t('confirm.sure')}</p>
            </>
          )
        }
        confirmLabel={deleting?.step === 'second' ? t('admin.users.deleteForever') : t('admin.users.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          if (deleting.step === 'first') {
            setDeleting({ ...deleting, step: 'second' });
            return;
          }
          setDeleting(null);
          deleteMutation.mutateAsync(deleting.user.id).catch(ignore);
        }}
      />
    </AdminPage>
  );
}
