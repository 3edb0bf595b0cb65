import { domAnimation, LazyMotion, m, useMotionValue, useReducedMotion, useScroll, useTransform } from 'framer-motion';
import { useEffect, useState } from 'react';
import {
  type FloatingDot,
  GRID_CELL_PX,
  makeDots,
  PARALLAX_FACTORS,
  rotationForProgress,
  scaleForProgress,
} from './math';

const [FOLLOW, COUNTER] = PARALLAX_FACTORS;

/**
 * The decorative layer behind the home page (spec: animated background). Motion values drive the transforms
 * directly, so mouse moves and scrolling never re-render React. With reduced motion everything stays still.
 */
export default function AnimatedBackground() {
  const reducedMotion = useReducedMotion() ?? false;
  const mouseX = useMotionValue(0);
  const mouseY = useMotionValue(0);
  const { scrollYProgress } = useScroll();

  const followX = useTransform(mouseX, (x) => x * FOLLOW);
  const followY = useTransform(mouseY, (y) => y * FOLLOW);
  const counterX = useTransform(mouseX, (x) => x * COUNTER);
  const counterY = useTransform(mouseY, (y) => y * COUNTER);
  const rotate = useTransform(scrollYProgress, rotationForProgress);
  const scale = useTransform(scrollYProgress, scaleForProgress);

  // Random positions exist only in the browser, after hydration, so server HTML and first render agree.
  const [dots, setDots] = useState<FloatingDot[]>([]);
  useEffect(() => setDots(makeDots()), []);

  useEffect(() => {
    if (reducedMotion) return;
    const onMove = (event: PointerEvent) => {
      mouseX.set(event.clientX);
      mouseY.set(event.clientY);
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    return () => window.removeEventListener('pointermove', onMove);
  }, [reducedMotion, mouseX, mouseY]);

  const still = reducedMotion;
  return (
    <LazyMotion features={domAnimation} strict>
      <div className="bg-layer" aria-hidden="true">
        <m.div className="bg-circle bg-circle-violet" style={still ? {} : { x: followX, y: followY }} />
        <m.div className="bg-circle bg-circle-cyan" style={still ? {} : { x: counterX, y: counterY }} />
        <m.div className="bg-circle bg-circle-breathing" style={still ? {} : { scale }} />
        <m.div className="bg-square" style={still ? {} : { rotate }} />
        <div className="bg-grid" style={{ backgroundSize: `${GRID_CELL_PX}px ${GRID_CELL_PX}px` }} />
        {dots.map((dot, index) => (
          <m.span
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set of decorative dots, never reordered
            key={index}
            className="bg-dot"
            style={{ left: `${dot.leftPct}%`, top: `${dot.topPct}%` }}
            {...(still
              ? {}
              : {
                  // Whole-`transform` and opacity keyframes run as browser (compositor) animations, not per-frame JS.
                  animate: {
                    transform: ['translate(0px, 0px)', 'translate(16px, -40px)', 'translate(0px, 0px)'],
                    opacity: [0.25, 0.8, 0.25],
                  },
                  transition: { duration: dot.durationS, delay: dot.delayS, repeat: Infinity, ease: 'easeInOut' },
                })}
          />
        ))}
      </div>
    </LazyMotion>
  );
}
