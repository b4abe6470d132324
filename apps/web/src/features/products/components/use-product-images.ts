import { useEffect, useState } from 'react';
import type { Product, ProductImage } from '@kopi/contract';
import { removeProductImage, setMainProductImage, uploadProductImage } from '../api';
import type { ImageTile } from './product-images';

interface PendingImage {
  key: string;
  file: File;
  url: string;
}

/** Images chosen before the product exists: previews now, uploaded (main first) after saving. */
function usePendingImages() {
  const [pending, setPending] = useState<PendingImage[]>([]);
  useEffect(() => () => pending.forEach((p) => URL.revokeObjectURL(p.url)), [pending]);
  return {
    pending,
    add: (files: File[]) =>
      setPending((list) => [
        ...list,
        ...files.map((file) => ({
          key: crypto.randomUUID(),
          file,
          url: URL.createObjectURL(file),
        })),
      ]),
    remove: (key: string) => setPending((list) => list.filter((p) => p.key !== key)),
    // The server makes the first upload the main image.
    setMain: (key: string) =>
      setPending((list) => [
        ...list.filter((p) => p.key === key),
        ...list.filter((p) => p.key !== key),
      ]),
  };
}

/**
 * A product's images on the form: a saved product's go up (and change) at once; a new product's
 * wait as previews until it is created (`uploadPending`).
 */
export function useProductImages(product: Product | null, refresh: () => Promise<unknown>) {
  const [images, setImages] = useState<ProductImage[]>(product?.images ?? []);
  const [uploading, setUploading] = useState(false);
  const pendingImages = usePendingImages();

  const uploadAll = async (productId: string, files: File[]) => {
    setUploading(true);
    let failed = false;
    for (const file of files) {
      try {
        setImages(await uploadProductImage(productId, file));
      } catch {
        failed = true;
      }
    }
    setUploading(false);
    return !failed;
  };

  const imageAction = async (call: () => Promise<ProductImage[]>) => {
    setUploading(true);
    try {
      setImages(await call());
      void refresh();
    } catch {
      // reported by the HTTP client
    } finally {
      setUploading(false);
    }
  };

  const tiles: ImageTile[] = product
    ? images.map((i) => ({ key: i.id, src: i.thumb_url, isMain: i.is_main }))
    : pendingImages.pending.map((p, i) => ({
        key: p.key,
        src: p.url,
        isMain: i === 0,
        pending: true,
      }));

  return {
    tiles,
    uploading,
    /** Uploads the images chosen before `productId` existed; false when one failed. */
    uploadPending: (productId: string) => {
      const files = pendingImages.pending.map((p) => p.file);
      return files.length > 0 ? uploadAll(productId, files) : Promise.resolve(true);
    },
    onAdd: (files: File[]) => {
      if (!product) return pendingImages.add(files);
      void uploadAll(product.id, files).then(() => refresh());
    },
    onRemove: (key: string) =>
      product
        ? void imageAction(() => removeProductImage(product.id, key))
        : pendingImages.remove(key),
    onSetMain: (key: string) =>
      product
        ? void imageAction(() => setMainProductImage(product.id, key))
        : pendingImages.setMain(key),
  };
}
