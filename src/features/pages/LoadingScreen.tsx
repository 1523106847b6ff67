/** Shown while the first route loads; plain CSS so the first paint needs no extra components. */
export default function LoadingScreen() {
  return (
    <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }} aria-busy="true" aria-label="loading">
      <div
        style={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          border: '4px solid #cfd8e3',
          borderTopColor: '#0b5cad',
          animation: 'skyline-spin 0.8s linear infinite',
        }}
      />
      <style>{'@keyframes skyline-spin { to { transform: rotate(360deg); } }'}</style>
    </div>
  );
}
