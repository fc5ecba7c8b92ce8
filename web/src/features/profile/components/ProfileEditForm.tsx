import { lazy, Suspense } from 'react';
import { Button, Card, Form, Spinner } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ProfileBody, type PublicUser } from '@common/schemas/user';
import { ApiError, isSuccess } from '@/api/client';
import { uploadEditorImage } from '@/api/uploadEditorImage';
import { applyServerFieldErrors, catalogueResolver } from '@/lib/forms';
import { useClaimedFields } from '@/lib/messageQueue';
import { DatePicker } from '@/ui/DatePicker';
import { FieldErrorText } from '@/ui/FieldErrorText';
import { TextField } from '@/ui/TextField';
import { useUpdateProfile } from '../api/updateProfile';
import { DeleteProfileButton } from './DeleteProfileButton';
import { EmblemField } from './EmblemField';

const RichTextEditor = lazy(() => import('@/ui/RichTextEditor/RichTextEditor'));

interface ProfileForm {
  id: number;
  firstname: string;
  lastname: string;
  birth: number | null;
  about_myself: string;
  emblem: string;
}
const FIELDS = ['firstname', 'lastname', 'birth', 'about_myself', 'emblem'] as const;

export default function ProfileEditForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const { t } = useTranslation();
  const updateMutation = useUpdateProfile();
  const { register, control, handleSubmit, setError, formState } = useForm<ProfileForm, unknown, ProfileBody>({
    resolver: catalogueResolver<ProfileForm, ProfileBody>(ProfileBody),
    defaultValues: {
      id: user.id,
      firstname: user.firstname ?? '',
      lastname: user.lastname ?? '',
      birth: user.birth ?? null,
      about_myself: user.about_myself ?? '',
      emblem: user.emblem ?? '',
    },
  });
  useClaimedFields(FIELDS);

  const onSubmit = handleSubmit((v) =>
    updateMutation.mutate(
      {
        id: user.id,
        firstname: v.firstname ?? '',
        lastname: v.lastname ?? '',
        birth: v.birth ?? null,
        about_myself: v.about_myself ?? '',
        emblem: v.emblem ?? '',
      },
      {
        onSuccess: (env) => {
          if (isSuccess(env)) onDone();
          else applyServerFieldErrors(env.messages, setError, FIELDS);
        },
        onError: (e) => {
          if (e instanceof ApiError) applyServerFieldErrors(e.envelope?.messages, setError, FIELDS);
        },
      },
    ),
  );

  return (
    <Card className="my-4 shadow-sm" data-testid="profile-edit">
      <Card.Body className="p-4">
        <h1 className="h3 mb-4">{t('profile.editTitle')}</h1>
        <form onSubmit={onSubmit} noValidate>
          {/* the image is saved as soon as it is chosen; the form keeps the new URL for its own Save */}
          <Controller
            control={control}
            name="emblem"
            render={({ field }) => <EmblemField emblem={field.value} onChange={field.onChange} />}
          />
          <div className="row">
            <div className="col-md-6">
              <TextField
                id="profile-firstname"
                label={t('field.firstname')}
                autoComplete="given-name"
                registration={register('firstname')}
                error={formState.errors.firstname}
              />
            </div>
            <div className="col-md-6">
              <TextField
                id="profile-lastname"
                label={t('field.lastname')}
                autoComplete="family-name"
                registration={register('lastname')}
                error={formState.errors.lastname}
              />
            </div>
          </div>
          <Form.Group className="mb-3">
            <Controller
              control={control}
              name="birth"
              render={({ field }) => (
                <DatePicker id="profile-birth" label={t('field.birth')} value={field.value} onChange={field.onChange} />
              )}
            />
            <FieldErrorText error={formState.errors.birth} standalone />
          </Form.Group>
          <Form.Group className="mb-4">
            {/* the editor is a contenteditable textbox named by its own aria-label, not a labelable input */}
            <div className="form-label" aria-hidden="true">
              {t('field.about_myself')}
            </div>
            <Suspense
              fallback={
                <div className="border rounded p-3 text-center">
                  <Spinner animation="border" size="sm" role="status">
                    <span className="visually-hidden">{t('common.loading')}</span>
                  </Spinner>
                </div>
              }
            >
              <Controller
                control={control}
                name="about_myself"
                render={({ field }) => (
                  <RichTextEditor
                    id="profile-about"
                    value={field.value}
                    onChange={field.onChange}
                    ariaLabel={t('field.about_myself')}
                    placeholder={t('profile.aboutPlaceholder')}
                    uploadImage={uploadEditorImage}
                    minHeight={200}
                  />
                )}
              />
            </Suspense>
            <FieldErrorText error={formState.errors.about_myself} standalone />
          </Form.Group>
          <div className="d-flex flex-wrap gap-2 justify-content-between">
            <DeleteProfileButton userId={user.id} />
            <div className="d-flex gap-2">
              <Button variant="secondary" onClick={onDone} disabled={updateMutation.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant="primary" disabled={updateMutation.isPending}>
                {updateMutation.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
                {t('profile.save')}
              </Button>
            </div>
          </div>
        </form>
      </Card.Body>
    </Card>
  );
}
