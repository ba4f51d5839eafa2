import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Field, makeStyles, tokens } from '@fluentui/react-components'
import { POST_IMAGES_MAX } from '@shared/constants'
import type { Draft, MediaKind, Organization, PostMedia, User } from '@shared/domain'
import { ResharedPost } from '@renderer/components/postPreview/ResharedPost'
import { AiIdeasPanel } from './ai/AiIdeasPanel'
import { MediaUploader } from './media/MediaUploader'
import { PollEditor } from './poll/PollEditor'
import { PostAsField } from './PostAsField'
import { PostTextField } from './PostTextField'
import { PostTypeChoices } from './PostTypeChoices'
import { SlotSummary } from './SlotSummary'
import { activeMedia, postTypeOf, type PostTypeChoice } from './postDraft'
import type { PostEditorState } from './usePostEditor'

const UPLOADS: Partial<Record<PostTypeChoice, { kind: MediaKind; max: number }>> = {
  'Add image': { kind: 'image', max: POST_IMAGES_MAX },
  'Add media': { kind: 'video', max: 1 },
  'Add a document': { kind: 'document', max: 1 }
}

const useStyles = makeStyles({
  composer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 }
})

interface PostComposerProps {
  editor: PostEditorState
  user: User
  organization: Organization
  /** A draft from Get ideas: it replaces the text at once when there is none, after asking when there is. */
  onUseAiDraft: (ai: Draft) => void
}

/**
 * The editor's left column: the slot written for, post as and post type (not for a reshare), the
 * text, the reshared post, the media or poll editor of the type, and Get ideas.
 */
export function PostComposer({ editor, user, organization, onUseAiDraft }: PostComposerProps) {
  const styles = useStyles()
  const { draft, readOnly } = editor.autosave
  const { reshare, edit, problems } = editor
  const upload = UPLOADS[draft.choice]
  const media = activeMedia(draft)
  return (
    <div className={styles.composer}>
      {editor.slot ? <SlotSummary slot={editor.slot} timeZone={editor.timeZone} /> : null}

      {reshare ? null : (
        <>
          <PostAsField
            user={user}
            organization={organization}
            author={editor.author}
            value={draft.businessPageId}
            pages={editor.pageOptions}
            readOnly={readOnly}
            hinted={editor.postAsHinted}
            hintId={editor.postAsHintId}
            onChange={(businessPageId) => edit((current) => ({ ...current, businessPageId }))}
          />
          <PostTypeChoices value={draft.choice} disabled={readOnly} onChange={(choice) => edit((current) => ({ ...current, choice }))} />
        </>
      )}

      <PostTextField
        text={draft.text}
        reshare={reshare !== null}
        problem={problems.text}
        readOnly={readOnly}
        onChange={(text) => edit((current) => ({ ...current, text }))}
      />

      {reshare ? (
        <ResharedPost author={reshare.previewAuthor} text={reshare.previewText} url={reshare.linkedInPostUrl} data-testid="reshare-of" />
      ) : null}

      {upload && !reshare ? (
        <Field
          label={draft.choice === 'Add image' ? 'Images' : draft.choice === 'Add media' ? 'Video' : 'Document'}
          validationState={problems.media && !editor.mediaMissing ? 'warning' : 'none'}
          validationMessage={problems.media}
        >
          <MediaUploader
            key={upload.kind}
            kind={upload.kind}
            media={media}
            max={upload.max}
            disabled={readOnly}
            onBusyChange={editor.setUploading}
            onChange={(next: PostMedia[]) => {
              editor.setMediaTouched(true)
              edit((current) => ({ ...current, media: [...current.media.filter((m) => m.kind !== upload.kind), ...next] }))
            }}
          />
        </Field>
      ) : null}
      {draft.choice === 'Create a poll' && !reshare ? (
        <PollEditor value={draft.poll} onChange={(poll) => edit((current) => ({ ...current, poll }))} problems={problems} disabled={readOnly} />
      ) : null}

      {readOnly || reshare ? null : (
        <Accordion collapsible>
          <AccordionItem value="ideas">
            <AccordionHeader>Get ideas</AccordionHeader>
            <AccordionPanel>
              <AiIdeasPanel
                postType={postTypeOf(draft)}
                slotId={draft.slotId ?? undefined}
                businessPageId={draft.businessPageId ?? undefined}
                onUseDraft={onUseAiDraft}
              />
            </AccordionPanel>
          </AccordionItem>
        </Accordion>
      )}
    </div>
  )
}
