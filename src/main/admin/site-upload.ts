import type { SiteUpload } from '../../shared/site-upload';
import type { Deploy } from '../../shared/sites';
import type { ProjectService } from '../sites/projects';
import { unpackUpload } from '../sites/upload-folder';

/** Browser mode's deploy: the upload becomes a temporary folder, deployed like any other folder. */
export async function deployUpload(projects: ProjectService, projectId: number, upload: SiteUpload): Promise<Deploy> {
  projects.get(projectId);
  const unpacked = await unpackUpload(upload);
  try {
    if (unpacked.refusal) return await projects.recordRefusal(projectId, unpacked.label, unpacked.refusal);
    return await projects.deployFolder(projectId, unpacked.folder, unpacked.label);
  } finally {
    await unpacked.remove();
  }
}
